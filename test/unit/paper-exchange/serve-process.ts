/**
 * A paper exchange in a process of its own, on the real clock, so a test can kill it (SIGKILL):
 * argv is the state file and the replay's start candle; it sends its base URL to its parent.
 */
import { servePaper } from './serve';

const [file, startAt] = process.argv.slice(2);
const paper = await servePaper({ file, speed: 60, startAt: Number(startAt) });
process.send!(paper.base);
