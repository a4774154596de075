// One Lambda "container", run by the Node that Lambda runs (`pnpm smoke:lambda` starts it with
// Node 22). Plain JavaScript: nothing of this repository's tooling is loaded, only the package.
// The first invocation imports the package's module (a cold start); every invocation calls its
// handler with the event and a context, as Lambda's Node runtime does, and answers the result.
import { pathToFileURL } from "node:url";

let handler;

process.on("unhandledRejection", (error) => {
  // Lambda's runtime ends the invocation on one; so does this.
  process.send?.({ id: "unhandled", ok: false, error: String(error?.stack ?? error) });
});

process.on("message", async ({ id, module, exportName, event, timeoutMs }) => {
  const started = performance.now();
  try {
    handler ??= (await import(pathToFileURL(module).href))[exportName];
    if (typeof handler !== "function") throw new Error(`${module} exports no ${exportName}()`);
    const deadline = Date.now() + timeoutMs;
    const result = await handler(event, {
      awsRequestId: id,
      functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
      invokedFunctionArn: `arn:aws:lambda:${process.env.AWS_REGION}:123456789012:function:${process.env.AWS_LAMBDA_FUNCTION_NAME}`,
      getRemainingTimeInMillis: () => deadline - Date.now(),
    });
    process.send({ id, ok: true, result, ms: performance.now() - started, node: process.version });
  } catch (error) {
    process.send({ id, ok: false, error: String(error?.stack ?? error), node: process.version });
  }
});
