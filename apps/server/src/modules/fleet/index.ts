export * from "./access";
export * from "./settings";
export * from "./vehicles";
export * from "./drivers";
