/** SPEC §5 and §8 messages of field encryption at rest (DESIGN §8). */
export const encryptionMessages = {
  emptyData: "Cannot encrypt empty data",
  keyNotInitialized: "Encryption key not initialized",
  unknownKeyVersion: (version: number) => `Encryption key version ${version} not available`,
  /** What a field shows when it cannot be decrypted (the error is logged). */
  decryptionFailed: "[DECRYPTION_FAILED]",
} as const;

/** SPEC §9 security layer: how keys are derived and how many versions are kept. */
export const ENCRYPTION_KDF_ITERATIONS = 10_000;
export const ENCRYPTION_SALT_BYTES = 16;
export const ENCRYPTION_MAX_KEY_VERSIONS = 3;
