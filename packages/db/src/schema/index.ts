export * from "./auth";
export * from "./app";
export * from "./routes";
export * from "./fleet";
export * from "./driver";
export * from "./security";
export * from "./jobs";
