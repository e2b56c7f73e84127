import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { defaultPreferences } from "@routepilot/contracts";
import { chooseLanguage, i18n } from "@/lib/i18n";
import { createTestQueryClient, jsonResponse, renderWithQuery } from "@/test/utils";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { SignUpForm } from "@/features/auth/components/sign-up-form";

const client = vi.hoisted(() => ({ signUp: { email: vi.fn() } }));
vi.mock("@/lib/auth-client", async () => {
  const { authClientModule } = await import("@/test/mock-auth");
  return { ...authClientModule, authClient: { ...authClientModule.authClient, ...client } };
});
vi.mock("sonner", () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.removeItem("routepilot.language");
  await act(() => i18n.changeLanguage("en"));
});

async function signUp(queryClient = createTestQueryClient()) {
  const onSignedUp = vi.fn();
  client.signUp.email.mockResolvedValue({ data: {}, error: null });
  renderWithQuery(
    <MemoryRouter>
      <SignUpForm onSignedUp={onSignedUp} />
    </MemoryRouter>,
    queryClient,
  );
  await userEvent.type(screen.getByRole("textbox", { name: /^(Name)$/ }), "Ana");
  await userEvent.type(screen.getByRole("textbox", { name: /^(Email|E-Mail)$/ }), "ana@example.com");
  await userEvent.type(screen.getByLabelText(/^(Password|Passwort)$/), "Str0ng!Pass");
  await userEvent.click(screen.getByRole("button", { name: /^(Create Account|Konto erstellen)$/ }));
  await vi.waitFor(() => expect(onSignedUp).toHaveBeenCalled());
}

describe("sign-in and sign-up in the active language (decision 028)", () => {
  it("renders the sign-in form in German", async () => {
    renderWithQuery(
      <MemoryRouter>
        <SignInForm onSignedIn={vi.fn()} />
      </MemoryRouter>,
    );
    await act(() => i18n.changeLanguage("de"));
    expect(screen.getByRole("form", { name: "Anmelden" })).toBeInTheDocument();
    expect(screen.getByLabelText("E-Mail")).toHaveAttribute("placeholder", "sie@beispiel.de");
    expect(screen.getByRole("link", { name: "Passwort vergessen?" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Anmelden" })).toBeInTheDocument();
  });

  it("carries the visitor's footer language into the new account's preferences", async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => jsonResponse({ ...defaultPreferences, ...(JSON.parse(String(init?.body)) as object) }));
    vi.stubGlobal("fetch", fetch);
    chooseLanguage("de");
    await act(() => i18n.changeLanguage("de"));
    const queryClient = createTestQueryClient();
    await signUp(queryClient);
    expect(screen.getByRole("list", { name: "Anforderungen an das Passwort" })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/preferences$/);
    expect(init?.method).toBe("PATCH");
    expect(JSON.parse(String(init?.body))).toEqual({ language: "de" });
    expect(queryClient.getQueryData(["preferences"])).toMatchObject({ language: "de" });
  });

  it("leaves the preferences alone when the visitor chose no language", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await signUp();
    expect(fetch).not.toHaveBeenCalled();
  });
});
