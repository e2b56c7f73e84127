import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { SignInForm } from "@/features/auth/components/sign-in-form";

const client = vi.hoisted(() => ({
  signIn: { email: vi.fn() },
  twoFactor: { verifyTotp: vi.fn(), verifyBackupCode: vi.fn() },
}));
vi.mock("@/lib/auth-client", async () => {
  const { authClientModule } = await import("@/test/mock-auth");
  return { ...authClientModule, authClient: { ...authClientModule.authClient, ...client } };
});

afterEach(() => vi.clearAllMocks());

async function signInWithPassword(onSignedIn = vi.fn()) {
  client.signIn.email.mockResolvedValue({ data: { twoFactorRedirect: true, twoFactorMethods: ["totp"] }, error: null });
  render(
    <MemoryRouter>
      <SignInForm onSignedIn={onSignedIn} />
    </MemoryRouter>,
  );
  await userEvent.type(screen.getByLabelText("Email"), "ana@example.com");
  await userEvent.type(screen.getByLabelText("Password"), "Str0ng!Pass");
  await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
  await screen.findByRole("form", { name: "Two-factor verification" });
  return onSignedIn;
}

describe("sign-in with two-factor authentication on", () => {
  it("asks for the 6-digit code after the password; trust this device is off unless ticked", async () => {
    const onSignedIn = await signInWithPassword();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole("checkbox", { name: /Trust this device/ })).not.toBeChecked();

    await userEvent.type(screen.getByLabelText("Authentication code"), "12a");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(screen.getByText("Enter the 6-digit code from your authenticator app")).toBeInTheDocument();
    expect(client.twoFactor.verifyTotp).not.toHaveBeenCalled();

    client.twoFactor.verifyTotp.mockResolvedValueOnce({ data: null, error: { code: "ACCOUNT_TEMPORARILY_LOCKED", message: "locked" } });
    await userEvent.clear(screen.getByLabelText("Authentication code"));
    await userEvent.type(screen.getByLabelText("Authentication code"), "123456");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Too many wrong codes. Two-factor sign-in is locked for 15 minutes; try again later.")).toBeInTheDocument();
    expect(client.twoFactor.verifyTotp).toHaveBeenLastCalledWith({ code: "123456", trustDevice: false });

    client.twoFactor.verifyTotp.mockResolvedValueOnce({ data: { token: "t" }, error: null });
    await userEvent.click(screen.getByRole("checkbox", { name: /Trust this device/ }));
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(client.twoFactor.verifyTotp).toHaveBeenLastCalledWith({ code: "123456", trustDevice: true });
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it("accepts a backup code instead", async () => {
    const onSignedIn = await signInWithPassword();
    await userEvent.click(screen.getByRole("button", { name: "Use a backup code instead" }));
    client.twoFactor.verifyBackupCode.mockResolvedValueOnce({ data: null, error: { code: "INVALID_BACKUP_CODE", message: "Invalid backup code" } }).mockResolvedValueOnce({ data: { token: "t" }, error: null });
    await userEvent.type(screen.getByLabelText("Backup code"), "abcde-12345");
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("That backup code is not correct or has been used already.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(client.twoFactor.verifyBackupCode).toHaveBeenLastCalledWith({ code: "abcde-12345", trustDevice: false });
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it("goes back to the password form", async () => {
    await signInWithPassword();
    await userEvent.click(screen.getByRole("button", { name: "Back to sign in" }));
    expect(screen.getByRole("form", { name: "Sign in" })).toBeInTheDocument();
  });
});
