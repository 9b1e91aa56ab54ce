// `npm start`: installs what is missing, builds, and serves the production build
// on http://localhost:3000. PORT, PUBLIC_URL and the other settings come from the
// environment, or else from the settings file (data/settings.env); the build and the
// server read them from both by the same rules (server/settings-file.ts,
// common/public-address.ts), so the pages are built for the address they are served on.
import { ensureDependencies, root, runOrExit } from './ensure-deps.mjs';

ensureDependencies();
runOrExit('npm', ['run', 'build']);
console.log('→ Starting the server');
runOrExit(process.execPath, ['build/server/server/main.js'], { cwd: root });
