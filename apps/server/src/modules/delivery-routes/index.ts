// The route use-cases (what the handlers call); queries, row mapping and presenters are the
// use-cases' parts and stay inside this folder.
export * from "./use-cases";
