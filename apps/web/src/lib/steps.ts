/** Resolves in a task of its own, after the browser has had the chance to handle input and paint. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Evaluates code in steps, one task each, in order (each step an `import()`): evaluated in one piece it
 * holds a phone's main thread for a long task, during which nothing the person does can be answered.
 */
export async function inSteps(steps: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const step of steps) {
    await step();
    await nextTask();
  }
}
