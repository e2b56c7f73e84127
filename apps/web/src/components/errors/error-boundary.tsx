import { Component, type ErrorInfo, type ReactNode } from "react";

type ErrorBoundaryProps = {
  children: ReactNode;
  /** Renders the fallback; `reset` clears the error and renders the children again. */
  fallback: (props: { error: unknown; reset: () => void }) => ReactNode;
  /** When any of these change, a shown error is cleared (e.g. the path after navigating away). */
  resetKeys?: unknown[];
  onError?: (error: unknown, info: ErrorInfo) => void;
};

type ErrorBoundaryState = { error: unknown; hasError: boolean; resetKeys: unknown[] | undefined };

function keysChanged(a: unknown[] | undefined, b: unknown[] | undefined): boolean {
  if (a === b) return false;
  if (!a || !b || a.length !== b.length) return true;
  return a.some((value, index) => !Object.is(value, b[index]));
}

/** Catches render errors below it and shows `fallback` instead of a blank page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, hasError: false, resetKeys: this.props.resetKeys };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    if (keysChanged(props.resetKeys, state.resetKeys)) {
      return { resetKeys: props.resetKeys, ...(state.hasError ? { error: null, hasError: false } : {}) };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
    this.props.onError?.(error, info);
  }

  reset = (): void => {
    this.setState({ error: null, hasError: false });
  };

  override render(): ReactNode {
    if (this.state.hasError) return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}
