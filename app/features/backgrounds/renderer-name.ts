/** Names of WebGL renderers that draw on the CPU: SwiftShader, Mesa's llvmpipe and the like. */
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|lavapipe|software|basic render/i;

/** Whether a WebGL renderer's name (as the browser reports it) is a software renderer. */
export function isSoftwareRenderer(rendererName: string): boolean {
  return SOFTWARE_RENDERERS.test(rendererName);
}

/** The name of what draws a WebGL context's pixels, as far as the browser tells. */
export function rendererName(context: WebGL2RenderingContext): string {
  const name = String(context.getParameter(context.RENDERER));
  // Chrome and Safari mask the name as "WebKit WebGL" and give it through this extension;
  // Firefox gives it directly (and warns when the extension is asked for).
  if (!/^webkit webgl$/i.test(name)) return name;
  const info = context.getExtension('WEBGL_debug_renderer_info');
  return info ? String(context.getParameter(info.UNMASKED_RENDERER_WEBGL)) : name;
}

/** Whether a context is drawn on the CPU, by SwiftShader, llvmpipe and the like. */
export function drawsInSoftware(context: WebGL2RenderingContext): boolean {
  return isSoftwareRenderer(rendererName(context));
}
