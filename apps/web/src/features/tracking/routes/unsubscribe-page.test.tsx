import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { driverMessages } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { UnsubscribePage } from "@/features/tracking/routes/unsubscribe-page";

const TOKEN = "cGF5bG9hZA.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJl";

afterEach(() => vi.unstubAllGlobals());

function renderPage(fetch: (url: string, init?: RequestInit) => Response) {
  const mock = vi.fn(async (url: string, init?: RequestInit) => fetch(url, init));
  vi.stubGlobal("fetch", mock);
  renderWithQuery(
    <MemoryRouter initialEntries={[`/unsubscribe/${TOKEN}`]}>
      <Routes>
        <Route path="/unsubscribe/:token" element={<UnsubscribePage />} />
      </Routes>
    </MemoryRouter>,
  );
  return mock;
}

describe("UnsubscribePage", () => {
  it("says who stops writing to whom and records it on confirm", async () => {
    const mock = renderPage((_url, init) => jsonResponse({ teamName: "Fleet & Co", email: "ann@example.com", unsubscribed: init?.method === "POST" }));
    expect(await screen.findByText("Fleet & Co will stop sending delivery updates to ann@example.com.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByRole("heading", { name: "You are unsubscribed" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Fleet & Co will no longer send delivery e-mails to ann@example.com.");
    expect(mock).toHaveBeenCalledWith(`/api/unsubscribe/${TOKEN}`, expect.objectContaining({ method: "POST" }));
  });

  it("explains an invalid link", async () => {
    renderPage(() => jsonResponse({ error: { code: "NOT_FOUND", message: driverMessages.unsubscribeGone } }, 404));
    expect(await screen.findByRole("heading", { name: driverMessages.unsubscribeGone })).toBeInTheDocument();
  });
});
