import { act, render, screen, waitFor } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { SWIPE_THRESHOLD_PX, Toaster, swipeDistance, useToastsBeneath } from "./toaster";

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

function swipe(element: HTMLElement, px: number) {
  element.style.setProperty("--swipe-amount-x", `${px}px`);
  element.dispatchEvent(new PointerEvent("pointerup", { bubbles: true }));
}

describe("Toaster (SPEC §9)", () => {
  it("reads the swipe offset sonner keeps in CSS variables", () => {
    const li = document.createElement("li");
    li.style.setProperty("--swipe-amount-y", "-27px");
    expect(swipeDistance(li)).toBe(27);
    expect(SWIPE_THRESHOLD_PX).toBe(20);
  });

  it("dismisses a toast swiped 20 px and keeps one swiped less", async () => {
    render(<Toaster theme="light" />);
    act(() => {
      toast("Saved");
    });
    const item = (await screen.findByText("Saved")).closest<HTMLElement>("[data-sonner-toast]")!;
    act(() => swipe(item, 12));
    expect(screen.getByText("Saved")).toBeInTheDocument();
    act(() => swipe(item, 21));
    await waitFor(() => expect(screen.queryByText("Saved")).not.toBeInTheDocument());
  });

  it("puts toasts beneath an open navigation drawer, and back on top when it closes", async () => {
    function Drawer({ open }: { open: boolean }) {
      useToastsBeneath(open);
      return null;
    }
    const { container, rerender } = render(
      <>
        <Toaster theme="light" />
        <Drawer open={false} />
      </>,
    );
    act(() => {
      toast("Welcome");
    });
    await screen.findByText("Welcome");
    const host = container.firstElementChild as HTMLElement;
    expect(host).not.toHaveAttribute("data-toasts-beneath");
    expect(host.className).toBe("");
    rerender(
      <>
        <Toaster theme="light" />
        <Drawer open />
      </>,
    );
    // Its own stacking context, under the drawer's layer (z-50): sonner's z-index counts only inside it.
    expect(host).toHaveAttribute("data-toasts-beneath", "true");
    expect(host).toHaveClass("relative", "z-40");
    expect(screen.getByText("Welcome")).toBeInTheDocument(); // kept, not dismissed
    rerender(
      <>
        <Toaster theme="light" />
        <Drawer open={false} />
      </>,
    );
    expect(host).not.toHaveAttribute("data-toasts-beneath");
    expect(host.className).toBe("");
  });

  it("shows at most 3 toasts", async () => {
    render(<Toaster theme="light" />);
    act(() => {
      for (const text of ["one", "two", "three", "four"]) toast(text);
    });
    await screen.findByText("four");
    const visible = document.querySelectorAll('[data-sonner-toast][data-visible="true"]');
    expect(visible.length).toBe(3);
  });
});
