import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { signInMethodMessages } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { SignInMethodsSection } from "@/features/security/components/sign-in-methods-section";

const password = { id: "acc-pw", providerId: "credential", name: "Password", linkedAt: "2026-11-01T10:00:00.000Z" };
const idp = { id: "acc-idp", providerId: "oidc", name: "Local IdP", linkedAt: "2026-11-02T10:00:00.000Z" };
const options = { passwordless: { magicLink: true, emailCode: true }, providers: [{ id: "oidc", name: "Local IdP", kind: "oauth2" }, { id: "github", name: "GitHub", kind: "social" }] };

function serve(identities: unknown[], unlink: () => Response) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url === "/api/sign-in-options") return Promise.resolve(jsonResponse(options));
    if (url === "/api/me/identities") return Promise.resolve(jsonResponse({ identities }));
    if (url.startsWith("/api/me/identities/") && init?.method === "DELETE") return Promise.resolve(unlink());
    return Promise.resolve(jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404));
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderSection(path = "/security") {
  renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <SignInMethodsSection />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("/security: sign-in methods", () => {
  it("lists the password and linked accounts, offers only the providers not linked yet, and unlinks one", async () => {
    const fetchMock = serve([password, idp], () => new Response(null, { status: 204 }));
    renderSection();
    const list = await screen.findByRole("list", { name: "Sign-in methods" });
    expect(await within(list).findByRole("listitem", { name: "Password" })).toBeInTheDocument();
    expect(within(list).queryByRole("button", { name: "Unlink Password" })).toBeNull();
    const link = await screen.findByRole("group", { name: "Link another account" });
    expect(within(link).getByRole("button", { name: "Link GitHub" })).toBeInTheDocument();
    expect(within(link).queryByRole("button", { name: "Link Local IdP" })).toBeNull();

    await userEvent.click(within(list).getByRole("button", { name: "Unlink Local IdP" }));
    expect(fetchMock).toHaveBeenCalledWith("/api/me/identities/acc-idp", expect.objectContaining({ method: "DELETE" }));
  });

  it("shows the server's refusal when it is the last way to sign in", async () => {
    serve([idp], () => jsonResponse({ error: { code: "CONFLICT", message: signInMethodMessages.lastMethod } }, 409));
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: "Unlink Local IdP" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(signInMethodMessages.lastMethod);
  });

  it("says why a provider could not be linked when it comes back with ?error=", async () => {
    serve([password], () => new Response(null, { status: 204 }));
    renderSection("/security?error=account_not_linked");
    expect(await screen.findByRole("alert")).toHaveTextContent(signInMethodMessages.accountNotLinked);
  });
});
