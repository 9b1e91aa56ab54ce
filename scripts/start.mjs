// `npm start`: installs what is missing, builds, and serves the production build
// on http://localhost:3000 (PORT and the other settings come from the environment).
import { ensureDependencies, root, runOrExit } from './ensure-deps.mjs';

ensureDependencies();
runOrExit('npm', ['run', 'build']);
console.log('→ Starting the server');
runOrExit(process.execPath, ['build/server/server/main.js'], { cwd: root });
