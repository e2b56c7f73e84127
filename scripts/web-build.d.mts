// Types of scripts/web-build.mjs for the TypeScript tests that import it.

export type WebBuildStamp = { version: number; mode: string; sources: string; lockfile: string; viteEnv: string; builtAt?: string };
type Env = Record<string, string | undefined>;

export const repoRoot: string;
export const STAMP_FILE: string;
export const BUILD_MODE: "production";
export const WEB_BUILD_INPUTS: string[];
export function defaultWebOutDir(root?: string): string;
export function hashSources(root?: string): string;
export function hashLockfile(root?: string): string;
export function hashViteEnv(env?: Env): string;
export function currentStamp(options?: { root?: string; env?: Env }): WebBuildStamp;
export function readStamp(outDir: string): WebBuildStamp | null;
export function staleReason(outDir: string, expected: WebBuildStamp): string | null;
export function buildWebApp(options?: { outDir?: string; root?: string; env?: Env; logLevel?: string }): number;
export function ensureWebBuild(options?: { outDir?: string; root?: string; env?: Env; force?: boolean; log?: (message: string) => void; logLevel?: string }): { built: boolean; reason: string | null; status: number };
