import { useId, useState, type KeyboardEvent } from "react";
import { X } from "lucide-react";
import { Input } from "@/components/ui/input";
import { useTranslation } from "@/lib/i18n";

/** Free-text tags (skills): Enter or comma adds one, each has a remove button. */
export function TagInput({ label, values, onChange, error }: { label: string; values: string[]; onChange: (values: string[]) => void; error?: string | undefined }) {
  const { t: tr } = useTranslation("fleet");
  const id = useId();
  const [draft, setDraft] = useState("");
  const add = () => {
    const tags = draft.split(",").map((t) => t.trim()).filter((t) => t && !values.includes(t));
    if (tags.length > 0) onChange([...values, ...tags]);
    setDraft("");
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter" || e.key === ",") {
      e.preventDefault();
      add();
    } else if (e.key === "Backspace" && draft === "" && values.length > 0) onChange(values.slice(0, -1));
  };
  return (
    <div className="grid gap-1 text-sm">
      <label htmlFor={id}>{label}</label>
      <div className="flex flex-wrap items-center gap-1 rounded-md border border-input p-1">
        {values.map((tag) => (
          <span key={tag} className="inline-flex items-center gap-1 rounded bg-secondary px-2 py-0.5 text-xs">
            {tag}
            <button type="button" aria-label={tr("tags.remove", { tag })} onClick={() => onChange(values.filter((t) => t !== tag))}>
              <X className="size-3" aria-hidden="true" />
            </button>
          </span>
        ))}
        <Input id={id} className="h-8 w-40 flex-1 border-0 shadow-none" value={draft} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKeyDown} onBlur={add} placeholder={tr("tags.placeholder")} />
      </div>
      {error ? <span className="font-medium text-destructive">{error}</span> : null}
    </div>
  );
}
