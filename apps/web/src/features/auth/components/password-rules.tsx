import { Check, Circle } from "lucide-react";
import { passwordRules } from "@routepilot/contracts";
import { cn } from "@/lib/utils";
import { useTranslation } from "@/lib/i18n";

const ruleKeys = {
  length: "passwordRules.length",
  upper: "passwordRules.upper",
  lower: "passwordRules.lower",
  digit: "passwordRules.digit",
  special: "passwordRules.special",
} as const satisfies Record<(typeof passwordRules)[number]["id"], string>;

/** The SPEC §5 password rules with a tick for each one the current value meets. */
export function PasswordRules({ value, id }: { value: string; id?: string }) {
  const { t } = useTranslation("auth");
  return (
    <ul id={id} className="grid gap-1 text-sm sm:grid-cols-2" aria-label={t("passwordRules.label")}>
      {passwordRules.map((rule) => {
        const met = rule.test(value);
        return (
          <li key={rule.id} className={cn("flex items-center gap-2", met ? "text-success" : "text-muted-foreground")}>
            {met ? <Check className="size-4" aria-hidden="true" /> : <Circle className="size-3.5" aria-hidden="true" />}
            <span>
              {t(ruleKeys[rule.id])}
              <span className="sr-only">{met ? t("passwordRules.met") : t("passwordRules.notMet")}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
