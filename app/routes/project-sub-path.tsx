/** Any sub-path of an app's page shows the page itself. */
export default function ProjectSubPath() {
  return null;
}
