export * from "./auth";
export * from "./app";
export * from "./routes";
export * from "./fleet";
export * from "./driver";
