// The emulator in its own process for the adaptive-concurrency bench, so the service's CPU is not the
// client's. Started with fork(): argv[2] is the emulator options as JSON; it sends { url, key, sid } once
// listening, answers 'stats' with its live stats, and closes on 'close'.
import { startEmulator } from '@sitecontent/emulator';

const emu = await startEmulator(JSON.parse(process.argv[2] ?? '{}'));
process.send?.({ url: emu.url, key: emu.key, sid: emu.sid });
process.on('message', async (message) => {
  if (message === 'stats') process.send?.({ stats: emu.stats });
  if (message === 'close') {
    await emu.close();
    process.disconnect();
  }
});
