import { useEffect, useRef, useState, type FormEvent } from "react";
import { Download } from "lucide-react";
import { InlineError } from "@/components/errors/inline-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { downloadText } from "@/lib/download";
import { fieldErrorsOf } from "@/lib/use-server-field-errors";
import { exportMyData, reauthenticate } from "@/features/security/api/account-security";
import { useTranslation } from "@/lib/i18n";

/** The anchor the deletion page links to (/security#download-data). */
export const DOWNLOAD_DATA_ID = "download-data";

/**
 * /security "Download my data" on its own (issue 27), apart from deleting the account: the
 * password again (and the two-factor code when two-factor is on) confirms it is you, then the
 * export (GET /api/me/export) is saved as a JSON file. Whatever the server refuses is shown by
 * the field it names, or under the button.
 */
export function DownloadDataSection() {
  const { t } = useTranslation("security");
  const { user } = useAuth();
  const twoFactor = (user as { twoFactorEnabled?: boolean | null } | null)?.twoFactorEnabled === true;
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const card = useRef<HTMLDivElement>(null);
  // Reached by the deletion page's link (/security#download-data): bring the section into view.
  useEffect(() => {
    if (window.location.hash === `#${DOWNLOAD_DATA_ID}`) card.current?.scrollIntoView?.({ block: "start" });
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    setSavedAs(null);
    try {
      await reauthenticate({ password, ...(twoFactor ? { code: code.trim() } : {}) });
      const data = await exportMyData();
      const fileName = `routepilot-data-${data.exportedAt.slice(0, 10)}.json`;
      downloadText(fileName, JSON.stringify(data, null, 2), "application/json");
      setSavedAs(fileName);
      setPassword("");
      setCode("");
    } catch (thrown) {
      const f = fieldErrorsOf(thrown);
      const shown = twoFactor ? ["password", "code"] : ["password"];
      setFields(f);
      const rest = Object.entries(f).filter(([k]) => !shown.includes(k));
      setError(Object.keys(f).length === 0 ? errorMessage(thrown) : rest.map(([, m]) => m).join(" ") || null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card id={DOWNLOAD_DATA_ID} ref={card} className="scroll-mt-20">
      <CardHeader>
        <CardTitle as="h2">{t("download.title")}</CardTitle>
        <CardDescription>
          {t("download.description")} {t(twoFactor ? "download.confirmWithCode" : "download.confirmWithPassword")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" noValidate onSubmit={(e) => void submit(e)} aria-label={t("download.title")}>
          <FormField label={t("password")} error={fields.password}>
            <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </FormField>
          {twoFactor ? (
            <FormField label={t("authCode")} error={fields.code}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
            </FormField>
          ) : null}
          <InlineError error={error} />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="outline" className="w-fit" disabled={busy}>
              {busy ? <Spinner /> : <Download aria-hidden="true" />}
              {t("download.title")}
            </Button>
            {savedAs ? (
              <span className="text-sm text-success" role="status">
                {t("download.downloadedFile", { file: savedAs })}
              </span>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
