export interface Argon2Addon {
  /** A new Argon2id hash as a PHC string; `memoryCost` in KiB, at most 1 GiB; 32 bytes of output. */
  hash(
    password: string,
    salt: Buffer,
    timeCost: number,
    memoryCost: number,
    parallelism: number,
  ): Promise<string>;
  /**
   * Whether `password` gives the Argon2id PHC string `encoded` (compared in constant time). Rejects
   * with `code` `ARGON2_FAILED` when `encoded` is no such string, and `ARGON2_NO_MEMORY` (as `hash`
   * does) when the working memory could not be mapped.
   */
  verify(encoded: string, password: string): Promise<boolean>;
  /** Returns the idle arenas (the working memory kept between hashes) to the kernel; how many. */
  trim(): number;
  arenas(): { idle: number; busy: number };
  /** The inner loop chosen for this CPU (HUB_ARGON2_SIMD asks for a narrower one). */
  readonly simd: 'avx512' | 'avx2' | 'sse2' | 'portable';
}

export declare const addon: Argon2Addon | null;
/** Why `addon` is null. */
export declare const reason: string | null;
