import { Check, Circle } from "lucide-react";
import { passwordRules } from "@routepilot/contracts";
import { cn } from "@/lib/utils";

/** The SPEC §5 password rules with a tick for each one the current value meets. */
export function PasswordRules({ value, id }: { value: string; id?: string }) {
  return (
    <ul id={id} className="grid gap-1 text-sm sm:grid-cols-2" aria-label="Password requirements">
      {passwordRules.map((rule) => {
        const met = rule.test(value);
        return (
          <li key={rule.id} className={cn("flex items-center gap-2", met ? "text-success" : "text-muted-foreground")}>
            {met ? <Check className="size-4" aria-hidden="true" /> : <Circle className="size-3.5" aria-hidden="true" />}
            <span>
              {rule.label}
              <span className="sr-only">{met ? " (met)" : " (not met)"}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
