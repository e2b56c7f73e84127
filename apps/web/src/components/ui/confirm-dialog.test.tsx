import { useRef, useState } from "react";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Button } from "@/components/ui/button";
import { ConfirmButton, ConfirmDialog } from "./confirm-dialog";

/** A promise the test settles by hand, standing in for a mutation's `mutateAsync`. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Remove({ onConfirm }: { onConfirm: () => unknown }) {
  return (
    <ConfirmButton
      trigger={
        <Button size="sm" variant="outline" aria-label="Remove bob@example.com">
          Remove
        </Button>
      }
      title="Remove Bob?"
      description="They lose their allocation at once."
      confirmLabel="Remove member"
      onConfirm={onConfirm}
    />
  );
}

describe("ConfirmButton", () => {
  it("asks first; Cancel does nothing and gives the focus back to the button", async () => {
    const onConfirm = vi.fn();
    render(<Remove onConfirm={onConfirm} />);
    const trigger = screen.getByRole("button", { name: "Remove bob@example.com" });
    await userEvent.click(trigger);
    const dialog = screen.getByRole("alertdialog", { name: "Remove Bob?" });
    expect(dialog).toHaveAccessibleDescription("They lose their allocation at once.");
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(trigger).toHaveFocus();
  });

  it("stays open and busy while the action runs, then closes when it succeeds", async () => {
    const action = deferred();
    render(<Remove onConfirm={() => action.promise} />);
    await userEvent.click(screen.getByRole("button", { name: "Remove bob@example.com" }));
    const dialog = screen.getByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove member" }));
    expect(within(dialog).getByRole("button", { name: "Remove member" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    await userEvent.keyboard("{Escape}");
    expect(screen.getByRole("alertdialog")).toBe(dialog);
    action.resolve();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("shows the failure's message inside the dialog and lets the person try again or cancel", async () => {
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error("Only the owner and admins can remove members.")).mockResolvedValueOnce(undefined);
    render(<Remove onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole("button", { name: "Remove bob@example.com" }));
    const dialog = screen.getByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove member" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Only the owner and admins can remove members.");
    expect(within(dialog).getByRole("button", { name: "Remove member" })).toBeEnabled();
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove member" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it("closes at once when the action returns no promise", async () => {
    const onConfirm = vi.fn();
    render(<Remove onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole("button", { name: "Remove bob@example.com" }));
    await userEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Remove member" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});

/** The typed-confirmation shape: extra content, the field focused first, Enter confirms once the name matches. */
function DeleteAccount({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(true);
  const [typed, setTyped] = useState("");
  const field = useRef<HTMLInputElement>(null);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title="Delete the account of ana@example.com?"
      description="Deleted for good."
      confirmLabel="Delete account"
      pendingLabel="Deleting…"
      canConfirm={typed === "ana@example.com"}
      initialFocus={field}
      onConfirm={onConfirm}
    >
      <label>
        Type ana@example.com to confirm
        <input ref={field} value={typed} onChange={(e) => setTyped(e.target.value)} />
      </label>
    </ConfirmDialog>
  );
}

describe("ConfirmDialog", () => {
  it("with extra content: focuses the field, confirms only once it matches, and shows the pending label", async () => {
    const action = deferred();
    const onConfirm = vi.fn(() => action.promise);
    render(<DeleteAccount onConfirm={onConfirm} />);
    const dialog = screen.getByRole("alertdialog", { name: "Delete the account of ana@example.com?" });
    const field = within(dialog).getByLabelText("Type ana@example.com to confirm");
    expect(field).toHaveFocus();
    expect(within(dialog).getByRole("button", { name: "Delete account" })).toBeDisabled();
    await userEvent.type(field, "ana@example.co{Enter}");
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.type(field, "m{Enter}");
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(within(dialog).getByRole("button", { name: "Deleting…" })).toBeDisabled();
    action.resolve();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });
});
