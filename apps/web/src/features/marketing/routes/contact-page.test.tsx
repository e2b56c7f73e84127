import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockAuth } from "@/test/mock-auth";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { ContactPage } from "@/features/marketing/routes/contact-page";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

afterEach(() => {
  vi.unstubAllGlobals();
  mockAuth.signOut();
});

describe("ContactPage", () => {
  it("fills in a signed-in user's name and e-mail, still editable, and says where the copy goes", async () => {
    mockAuth.signIn({ name: "Ana Silva", email: "ana@example.com" });
    const fetchMock = vi.fn(async () => jsonResponse({ id: "c1" }, 201));
    vi.stubGlobal("fetch", fetchMock);
    renderWithQuery(<ContactPage />);
    const name = screen.getByLabelText("Name");
    expect(name).toHaveValue("Ana Silva");
    expect(screen.getByLabelText("Email")).toHaveValue("ana@example.com");
    await userEvent.clear(name);
    await userEvent.type(name, "Ana S. (fleet lead)");
    await userEvent.type(screen.getByLabelText("Message"), "Please call me about fleets.");
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(await screen.findByText(/A copy is on its way to ana@example.com\./)).toBeInTheDocument();
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toMatchObject({ name: "Ana S. (fleet lead)", email: "ana@example.com" });
    // Another message starts with the account's name and e-mail again.
    await userEvent.click(screen.getByRole("button", { name: "Send another message" }));
    expect(screen.getByLabelText("Name")).toHaveValue("Ana Silva");
  });

  it("leaves the fields empty for a visitor", () => {
    renderWithQuery(<ContactPage />);
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.getByLabelText("Email")).toHaveValue("");
  });
});
