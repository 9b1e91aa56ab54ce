import { isSoftwareRenderer } from './background-mode.ts';

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
