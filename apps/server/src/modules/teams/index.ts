export * from "./access";
export * from "./events";
export * from "./quota";
export * from "./teams";
export * from "./invitations";
