import { useLayoutEffect, useRef, useState, type RefObject } from "react";
import { ApiError, errorMessage } from "@/lib/api-client";

/** The server's field messages of `error` in the reader's language (`{}` unless it is an ApiError naming fields). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.fields ? (error.localizedFields ?? {}) : {};
}

/** The message for `key`: its own, else the first of a field under it ("start" takes "start.lat", "orders.2" takes "orders.2.address"). */
export function fieldErrorAt(fields: Record<string, string>, key: string): string | undefined {
  if (fields[key] !== undefined) return fields[key];
  const prefix = `${key}.`;
  return Object.entries(fields).find(([k]) => k.startsWith(prefix))?.[1];
}

const CONTROL = "input:not([type=hidden]), select, textarea, button";

/**
 * The controls in `container` named by `fields`, in document order: an element whose
 * `data-field` (else `name`) is a field's key or a prefix of it names that field; the control is
 * the element itself when it is one, else the first control inside it.
 */
export function controlsNamedBy(container: ParentNode, fields: Record<string, string>): { controls: HTMLElement[]; matched: Set<string> } {
  const controls: HTMLElement[] = [];
  const matched = new Set<string>();
  for (const element of container.querySelectorAll<HTMLElement>("[data-field], [name]")) {
    const key = element.getAttribute("data-field") ?? element.getAttribute("name");
    if (!key) continue;
    const named = Object.keys(fields).filter((k) => k === key || k.startsWith(`${key}.`));
    if (named.length === 0) continue;
    for (const k of named) matched.add(k);
    const control = element.matches(CONTROL) ? element : element.querySelector<HTMLElement>(CONTROL);
    if (control && !controls.includes(control)) controls.push(control);
  }
  return { controls, matched };
}

export type ServerFieldErrors<T extends HTMLElement> = {
  /** Put on the form (or the element around its controls). */
  ref: RefObject<T | null>;
  /** The server's field messages (`{}` when none). */
  fields: Record<string, string>;
  /** The server's message for the control named `key` (see {@link fieldErrorAt}). */
  fieldError: (key: string) => string | undefined;
  /**
   * What no control shows: the server's message when it names no field on the form, else the
   * messages of the fields that no control is named for; `undefined` when every message has its field.
   */
  formError: string | undefined;
};

/**
 * Server field errors on a form (decision 018). The controls named by the failure's fields
 * (`data-field` or `name`) get `aria-invalid` and, once per failure, the first is focused and
 * scrolled into view; the form shows `fieldError(key)` under each control and `formError` near
 * its submit button.
 */
export function useServerFieldErrors<T extends HTMLElement = HTMLFormElement>(error: unknown): ServerFieldErrors<T> {
  const ref = useRef<T>(null);
  const fields = fieldErrorsOf(error);
  // The fields of `error` that no control is named for (known once the form is on screen).
  const [unmatched, setUnmatched] = useState<{ error: unknown; keys: string[] }>({ error: null, keys: [] });
  // The controls this hook marked invalid, and the failure whose first control was focused.
  const marked = useRef<HTMLElement[]>([]);
  const focusedFor = useRef<unknown>(null);

  useLayoutEffect(() => {
    const named = fieldErrorsOf(error);
    const keys = Object.keys(named);
    const container = ref.current;
    const pass = () => {
      const { controls, matched } = keys.length > 0 && container ? controlsNamedBy(container, named) : { controls: [], matched: new Set<string>() };
      for (const control of marked.current) if (!controls.includes(control)) control.removeAttribute("aria-invalid");
      marked.current = marked.current.filter((control) => controls.includes(control));
      for (const control of controls) {
        if (control.getAttribute("aria-invalid") === "true") continue;
        control.setAttribute("aria-invalid", "true");
        marked.current.push(control);
      }
      const first = controls[0];
      if (first && focusedFor.current !== error) {
        focusedFor.current = error;
        first.focus({ preventScroll: true });
        first.scrollIntoView?.({ block: "center" });
      }
      const missing = keys.filter((k) => !matched.has(k));
      setUnmatched((prev) => (prev.error === error && prev.keys.join("\n") === missing.join("\n") ? prev : { error, keys: missing }));
    };
    pass();
    if (!container || keys.length === 0) return;
    // A control can appear later (a tab or section that opens to show its field): it is then marked and focused.
    const observer = new MutationObserver(pass);
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [error]);

  let formError: string | undefined;
  if (error) {
    const keys = Object.keys(fields);
    const missing = unmatched.error === error ? unmatched.keys : [];
    if (keys.length === 0 || missing.length === keys.length) formError = errorMessage(error);
    else if (missing.length > 0) formError = missing.map((k) => fields[k]).join(" ");
  }
  return { ref, fields, fieldError: (key) => fieldErrorAt(fields, key), formError };
}
