// Runs before anything else in `npm start` (plain JS, so it works even where tsx would not):
// stops at once, with one line saying what to install, when Node or Java is missing or too old.
import { spawnSync } from 'node:child_process';

const NODE_MIN = [20, 19];
const JAVA_MIN = 17;

function fail(message) {
  console.error(`FitGauge cannot start: ${message}`);
  process.exit(1);
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < NODE_MIN[0] || (major === NODE_MIN[0] && minor < NODE_MIN[1])) {
  fail(`Node ${NODE_MIN.join('.')} or newer is required (this is ${process.version}); install Node 20 LTS or newer from nodejs.org.`);
}

const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
if (java.error || java.status !== 0) {
  fail(
    `Java ${JAVA_MIN} or newer is required for DynamoDB Local and \`java\` was not found; install a JDK or JRE ${JAVA_MIN}+ (e.g. \`sudo apt-get install openjdk-${JAVA_MIN}-jre-headless\`).`,
  );
}
// `java -version` prints e.g. `openjdk version "17.0.15"` or, for Java 8, `"1.8.0_392"`.
const found = /version "(\d+)(?:\.(\d+))?/.exec(`${java.stderr}${java.stdout}`);
const javaMajor = found ? (found[1] === '1' ? Number(found[2]) : Number(found[1])) : 0;
if (javaMajor < JAVA_MIN) {
  fail(
    `Java ${JAVA_MIN} or newer is required for DynamoDB Local (found ${found ? `Java ${javaMajor}` : 'an unknown version'}); install a JDK or JRE ${JAVA_MIN}+ (e.g. \`sudo apt-get install openjdk-${JAVA_MIN}-jre-headless\`).`,
  );
}
