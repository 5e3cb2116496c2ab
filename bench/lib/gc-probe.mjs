// Preloaded into a Stratum server by bench/gc-survival.ts (`node --import`): counts V8's collections by kind and
// their pauses, and the event loop's use. On SIGUSR2 it writes what it counted since the last signal to
// $GC_PROBE_OUT (JSON) and starts counting again. It changes nothing in the server.
import { writeFileSync } from 'node:fs';
import { constants, performance, PerformanceObserver } from 'node:perf_hooks';

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

let gc = {};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = KINDS[entry.detail?.kind] ?? String(entry.detail?.kind);
    const sum = (gc[kind] ??= { count: 0, ms: 0 });
    sum.count++;
    sum.ms += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });

let loop = performance.eventLoopUtilization();
process.on('SIGUSR2', () => {
  const now = performance.eventLoopUtilization();
  const used = performance.eventLoopUtilization(now, loop);
  loop = now;
  writeFileSync(process.env.GC_PROBE_OUT ?? 'gc-probe.json', JSON.stringify({ gc, eventLoopUse: used.utilization }));
  gc = {};
});
