/**
 * `true` when A and B are the same type, `never` otherwise: `const x: Same<z.infer<typeof s>, T> = true`
 * fails to compile when a schema and a hand-written type drift apart.
 */
export type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : never;
