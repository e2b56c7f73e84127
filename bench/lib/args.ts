/** `--key value` / `--key=value` command-line options of the benchmark scripts. */
export function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith("--")) throw new Error(`unexpected argument ${a}`);
    const [k, inline] = a.slice(2).split("=", 2);
    out[k!] = inline ?? argv[++i] ?? "";
  }
  return out;
}

/** `--filter TEXT` (substring) or `--filter /regex/`; no filter matches everything. */
export function nameFilter(filter: string | undefined): (name: string) => boolean {
  if (!filter) return () => true;
  if (filter.startsWith("/") && filter.endsWith("/")) {
    const re = new RegExp(filter.slice(1, -1));
    return (name) => re.test(name);
  }
  return (name) => name.includes(filter);
}
