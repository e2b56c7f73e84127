import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { TEAM_NAME_MAX } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api-client";
import { useServerFieldErrors } from "@/lib/use-server-field-errors";
import { useCreateTeam } from "@/features/teams/api/create-team";
import { useTranslation } from "@/lib/i18n";

/** Create a team by name; the server answers 403 (with the plans that include teams) without teams access. */
export function CreateTeamForm() {
  const { t } = useTranslation("teams");
  const create = useCreateTeam();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  // A refusal is shown at the name (focused), else under the form (decision 018).
  const server = useServerFieldErrors(create.error);
  const upgrade = create.error instanceof ApiError && create.error.status === 403;

  return (
    <form
      ref={server.ref}
      aria-label={t("create.label")}
      className="grid gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ name: name.trim() }, { onSuccess: (team) => navigate(`/team-dashboard?team=${encodeURIComponent(team.id)}`) });
      }}
    >
      <div className="flex flex-wrap items-start gap-3">
        <FormField label={t("create.name")} error={server.fieldError("name")} className="min-w-64 flex-1">
          <Input name="name" value={name} maxLength={TEAM_NAME_MAX} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <Button type="submit" className="mt-6" disabled={create.isPending}>
          {create.isPending ? t("create.creating") : t("create.submit")}
        </Button>
      </div>
      {server.formError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {server.formError}
          {upgrade ? (
            <>
              {" "}
              <Link to="/pricing" className="text-primary underline underline-offset-2">
                {t("comparePlans")}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </form>
  );
}
