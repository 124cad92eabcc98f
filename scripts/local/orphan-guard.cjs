// Kills a child process (the DynamoDB Local JVM) when the process that started it goes away,
// however it goes away (crash, SIGKILL): the parent holds this process's stdin open, and the OS
// closes it when the parent dies. Usage: node orphan-guard.cjs <pid>
'use strict';

const pid = Number(process.argv[2]);

function alive() {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let killing = false;

function killChild() {
  if (killing) return;
  killing = true;
  if (!alive()) process.exit(0);
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 5000;
  setInterval(() => {
    if (!alive()) process.exit(0);
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      process.exit(0);
    }
  }, 100);
}

process.stdin.on('data', () => undefined);
process.stdin.on('end', killChild);
process.stdin.on('close', killChild);
process.stdin.on('error', killChild);
// The guard's work is done once the child has gone by itself.
setInterval(() => {
  if (!alive()) process.exit(0);
}, 1000);
