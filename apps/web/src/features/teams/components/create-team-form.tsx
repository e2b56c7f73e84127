import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { TEAM_NAME_MAX } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useCreateTeam } from "@/features/teams/api/create-team";

/** Create a team by name; the server answers 403 (with the plans that include teams) without teams access. */
export function CreateTeamForm() {
  const create = useCreateTeam();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<{ message: string; upgrade: boolean } | null>(null);

  return (
    <form
      aria-label="Create a team"
      className="grid gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setFieldError(undefined);
        setFormError(null);
        create.mutate(
          { name: name.trim() },
          {
            onSuccess: (team) => navigate(`/team-dashboard?team=${encodeURIComponent(team.id)}`),
            onError: (error) => {
              if (error instanceof ApiError && error.fields?.name) setFieldError(error.fields.name);
              else setFormError({ message: errorMessage(error), upgrade: error instanceof ApiError && error.status === 403 });
            },
          },
        );
      }}
    >
      <div className="flex flex-wrap items-start gap-3">
        <FormField label="Team name" error={fieldError} className="min-w-64 flex-1">
          <Input value={name} maxLength={TEAM_NAME_MAX} onChange={(e) => setName(e.target.value)} />
        </FormField>
        <Button type="submit" className="mt-6" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create team"}
        </Button>
      </div>
      {formError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError.message}
          {formError.upgrade ? (
            <>
              {" "}
              <Link to="/pricing" className="text-primary underline underline-offset-2">
                Compare plans
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
    </form>
  );
}
