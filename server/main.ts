/**
 * Starts the server: reads the settings (the environment over the settings file), serves
 * the built site and the API, and shuts down gracefully on SIGTERM and SIGINT (in-flight
 * requests finish; new ones get 503).
 */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { withSettingsFile } from './settings-file.ts';
import { StoreSettingsError } from './store/errors.ts';
import { readLanguageSites, readOwnerPage, readSiteManifest } from './site-manifest.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const settings = withSettingsFile(process.env);
  const config = loadConfig(settings.env, settings.file);
  const manifest = await readSiteManifest(config.SITE_DIR);
  const languages = await readLanguageSites(config.SITE_DIR, manifest);
  const ownerPage = await readOwnerPage(config.SITE_DIR);
  const app = await buildApp({
    config,
    site: { manifest, languages },
    ...(ownerPage === undefined ? {} : { ownerPage }),
  });
  if (settings.file) {
    const { path, applied, overridden } = settings.file;
    app.log.info(
      { settingsFile: path, read: [...applied] },
      'settings read from the settings file',
    );
    if (overridden.size > 0) {
      app.log.warn(
        { settingsFile: path, overridden: [...overridden] },
        'the environment sets these otherwise than the settings file, and wins: change them where the environment is set (the systemd unit, the container), or unset them there',
      );
    }
  }
  if (ownerPage === undefined) {
    app.log.warn(
      { siteDir: config.SITE_DIR },
      'this build has no owner’s pages (owner/index.html): /owner says so; `npm run build` makes them',
    );
  }
  if (manifest.publicUrl !== config.PUBLIC_URL) {
    app.log.warn(
      { built: manifest.publicUrl, configured: config.PUBLIC_URL },
      'PUBLIC_URL differs from the one the site was built with; canonical links and the sitemap use the built one. Rebuild with the same PUBLIC_URL.',
    );
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    config.LOCAL_URL === config.PUBLIC_URL
      ? `Serving the site on ${config.LOCAL_URL}`
      : `Serving the site on ${config.LOCAL_URL} (public address ${config.PUBLIC_URL})`,
  );
  app.feedbackOutbox.start();
  app.pushNotifications.start();
  if (app.feedbackOutbox.enabled) {
    app.log.info('Feedback delivery is on: each message is mailed to MAIL_TO.');
  } else {
    app.log.warn(
      { dataDir: config.DATA_DIR },
      `Feedback delivery is off (SMTP_URL is not set): messages are stored in ${config.DATABASE_URL ? 'the database' : config.DATA_DIR} and wait. Read them with \`npm run feedback -- list\` (or \`show ID\`, \`export --format csv\`); set SMTP_URL, MAIL_TO and MAIL_FROM to have them mailed.`,
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StoreSettingsError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(1);
});
