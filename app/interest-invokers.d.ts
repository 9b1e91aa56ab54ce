/** HTML attributes that React's types do not know yet. */
import 'react';

declare module 'react' {
  // The type parameter is the one React's declaration has; merged declarations must match.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface AnchorHTMLAttributes<T> {
    /**
     * The id of a popover that the link's hover or keyboard focus opens (HTML interest
     * invokers); browsers without them ignore it. Default none.
     */
    interestfor?: string;
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    /** The id of the element the button acts on (HTML invoker commands). Default none. */
    commandfor?: string;
    /** What the button does to it, e.g. `show-modal` for a dialog (invoker commands). */
    command?: string;
  }
}
