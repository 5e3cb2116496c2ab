import type { InterruptHandler, QuickJSContext, QuickJSHandle, QuickJSWASMModule } from 'quickjs-emscripten';
import { OperationFailure } from './operation-failure.js';

export type ScriptLimits = { maxMemory: number; timeoutMs: number };

/** The stack a script may use (deep recursion fails inside the sandbox, never in the server). */
const MAX_STACK = 512 * 1024;

export type ScriptRunner = { run(code: string, data: unknown): Promise<unknown> };

/**
 * Runs `exec` operations' scripts in QuickJS compiled to WebAssembly (decision 0066): a fresh runtime per run
 * with a memory limit and a deadline checked while it runs, and nothing of the process inside (no `process`,
 * `require`, `fetch`, file system or network: the sandbox only has the language and JSON). The script sets
 * `module.exports` to a function (async allowed) that gets the data chain, as a copy through JSON, and whose
 * result, through JSON again, is the operation's result. A throw, the deadline or the memory limit fail the step.
 * The WebAssembly module belongs to this runner (one per app); a run that leaves it in doubt (QuickJS can abort
 * when a runtime is freed after a stack overflow) makes the next run load a new one.
 */
export function createScriptRunner(limits: ScriptLimits): ScriptRunner {
  // The package (its loaders for four builds) is imported at the first run, not at start (decision 0124).
  let loaded: Promise<{ quickjs: QuickJSWASMModule; interruptAfter: (deadline: number) => InterruptHandler }> | null = null;
  return {
    async run(code, data) {
      loaded ??= import('quickjs-emscripten').then(async (module) => ({
        quickjs: await module.newQuickJSWASMModule(),
        interruptAfter: module.shouldInterruptAfterDeadline,
      }));
      const { quickjs, interruptAfter } = await loaded;
      const runtime = quickjs.newRuntime();
      runtime.setMemoryLimit(limits.maxMemory);
      runtime.setMaxStackSize(MAX_STACK);
      const deadline = Date.now() + limits.timeoutMs;
      runtime.setInterruptHandler(interruptAfter(deadline));
      const vm = runtime.newContext();
      try {
        return evaluate(vm, code, data, deadline);
      } finally {
        try {
          vm.dispose();
          runtime.dispose();
        } catch {
          loaded = null;
        }
      }
    },
  };
}

function evaluate(vm: QuickJSContext, code: string, data: unknown, deadline: number): unknown {
  const input = vm.newString(JSON.stringify(data ?? null));
  vm.setProp(vm.global, '__input', input);
  input.dispose();
  const source = `(function () {
  const module = { exports: {} };
  (function (module, exports) {\n${code}\n})(module, module.exports);
  const run = module.exports;
  if (typeof run !== 'function') throw new Error('The script must set module.exports to a function');
  const input = JSON.parse(globalThis.__input);
  delete globalThis.__input;
  return Promise.resolve(run(input)).then((result) => JSON.stringify(result === undefined ? null : result));
})()`;
  const evaluated = vm.evalCode(source, 'flow-script.js');
  if (evaluated.error) throw failure(vm, evaluated.error, deadline);
  const promise = evaluated.value;
  try {
    return settle(vm, promise, deadline);
  } finally {
    promise.dispose();
  }
}

/** Runs the script's pending jobs until its promise settles (nothing outside can resolve it later). */
function settle(vm: QuickJSContext, promise: QuickJSHandle, deadline: number): unknown {
  for (;;) {
    const state = vm.getPromiseState(promise);
    if (state.type === 'fulfilled') {
      const text = vm.getString(state.value);
      state.value.dispose();
      return JSON.parse(text) as unknown;
    }
    if (state.type === 'rejected') throw failure(vm, state.error, deadline);
    const jobs = vm.runtime.executePendingJobs();
    if (jobs.error) throw failure(vm, jobs.error, deadline);
    const ran = jobs.value;
    if (ran === 0 && vm.getPromiseState(promise).type === 'pending')
      throw new OperationFailure('The script never finished (it waits for something that cannot happen)');
  }
}

function failure(vm: QuickJSContext, handle: QuickJSHandle, deadline: number): OperationFailure {
  const dumped: unknown = vm.dump(handle);
  handle.dispose();
  const message =
    dumped && typeof dumped === 'object' && 'message' in dumped ? String((dumped as { message: unknown }).message) : String(dumped);
  if (Date.now() >= deadline && /interrupted/i.test(message))
    return new OperationFailure('The script ran past FLOWS_RUN_SCRIPT_TIMEOUT and was stopped');
  if (/out of memory/i.test(message)) return new OperationFailure('The script ran out of memory (FLOWS_RUN_SCRIPT_MAX_MEMORY)');
  return new OperationFailure(message);
}
