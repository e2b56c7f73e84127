import { beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { signInMethodMessages } from "@routepilot/contracts";

const client = vi.hoisted(() => ({ $fetch: vi.fn(), $store: { notify: vi.fn() } }));
vi.mock("@/lib/auth-client", () => ({ authClient: client, authErrorMessage: (e: { message?: string } | null) => e?.message ?? "Something went wrong. Please try again." }));

const { PasswordlessSignIn } = await import("@/features/auth/components/passwordless-sign-in");

beforeEach(() => {
  client.$fetch.mockReset();
  client.$store.notify.mockReset();
});

describe("sign in without a password", () => {
  it("e-mails a link back to the page the user wanted, after checking the address", async () => {
    client.$fetch.mockResolvedValue({ data: { status: true }, error: null });
    render(<PasswordlessSignIn flows={{ magicLink: true, emailCode: true }} callbackURL="/plans?day=2" onSignedIn={vi.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "E-mail me a sign-in link" }));
    const form = screen.getByRole("form", { name: "E-mail me a sign-in link" });
    await userEvent.type(within(form).getByLabelText("Email for the sign-in e-mail"), "nope");
    await userEvent.click(within(form).getByRole("button", { name: "Send the link" }));
    expect(await within(form).findByText("Invalid format")).toBeInTheDocument();
    expect(client.$fetch).not.toHaveBeenCalled();

    await userEvent.clear(within(form).getByLabelText("Email for the sign-in e-mail"));
    await userEvent.type(within(form).getByLabelText("Email for the sign-in e-mail"), "ana@example.com");
    await userEvent.click(within(form).getByRole("button", { name: "Send the link" }));
    expect(await screen.findByRole("status")).toHaveTextContent(signInMethodMessages.linkSent("ana@example.com"));
    expect(client.$fetch).toHaveBeenCalledWith("/sign-in/magic-link", { method: "POST", body: { email: "ana@example.com", callbackURL: "/plans?day=2", errorCallbackURL: "/auth/sign-in" } });
  });

  it("shows the server's refusal (rate limit) as it words it", async () => {
    client.$fetch.mockResolvedValue({ data: null, error: { status: 429, statusText: "Too Many Requests", error: { code: "RATE_LIMITED", message: "Too many attempts. Try again in 30 minutes." } } });
    render(<PasswordlessSignIn flows={{ magicLink: true, emailCode: true }} callbackURL="/dashboard" onSignedIn={vi.fn()} />);
    await userEvent.click(screen.getByRole("button", { name: "E-mail me a code" }));
    const form = screen.getByRole("form", { name: "E-mail me a code" });
    await userEvent.type(within(form).getByLabelText("Email for the sign-in e-mail"), "ana@example.com");
    await userEvent.click(within(form).getByRole("button", { name: "Send the code" }));
    expect(await within(form).findByText("Too many attempts. Try again in 30 minutes.")).toBeInTheDocument();
  });

  it("signs in with the e-mailed code; a wrong code gets the plain-words message", async () => {
    const onSignedIn = vi.fn();
    client.$fetch
      .mockResolvedValueOnce({ data: { success: true }, error: null })
      .mockResolvedValueOnce({ data: null, error: { status: 400, code: "INVALID_OTP", message: "Invalid OTP" } })
      .mockResolvedValueOnce({ data: { token: "t" }, error: null });
    render(<PasswordlessSignIn flows={{ magicLink: true, emailCode: true }} callbackURL="/dashboard" onSignedIn={onSignedIn} />);
    await userEvent.click(screen.getByRole("button", { name: "E-mail me a code" }));
    await userEvent.type(screen.getByLabelText("Email for the sign-in e-mail"), "ana@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Send the code" }));
    const enter = await screen.findByRole("form", { name: "Enter the e-mailed code" });
    await userEvent.type(within(enter).getByLabelText("Sign-in code"), "12");
    await userEvent.click(within(enter).getByRole("button", { name: "Sign in with the code" }));
    expect(within(enter).getByText(signInMethodMessages.codeFormat)).toBeInTheDocument();
    await userEvent.clear(within(enter).getByLabelText("Sign-in code"));
    await userEvent.type(within(enter).getByLabelText("Sign-in code"), "123456");
    await userEvent.click(within(enter).getByRole("button", { name: "Sign in with the code" }));
    expect(await within(enter).findByText(signInMethodMessages.wrongCode)).toBeInTheDocument();
    await userEvent.click(within(enter).getByRole("button", { name: "Sign in with the code" }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(client.$fetch).toHaveBeenLastCalledWith("/sign-in/email-otp", { method: "POST", body: { email: "ana@example.com", otp: "123456" } });
    expect(client.$store.notify).toHaveBeenCalledWith("$sessionSignal");
  });

  it("offers only the flows the server has on", () => {
    const { container } = render(<PasswordlessSignIn flows={{ magicLink: false, emailCode: false }} callbackURL="/" onSignedIn={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
