import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { requestToaster } from '../hooks/useToasterRequest';
import { moduleOnDemand } from '../module-on-demand';

/**
 * The app's toasts. sonner (9 KiB of gzip, and its stylesheet inserted as it loads) is not part of any page's first
 * load: it loads with the first toast, or when the browser is idle on a page that toasts (./LazyToaster.tsx). A toast
 * asked for meanwhile is shown once the container listens, in the order asked.
 */
type SonnerToast = typeof sonnerToast;
type Message = Parameters<SonnerToast>[0];

const sonner = moduleOnDemand(() => import('sonner'));
let listens: () => void = () => undefined;
const toasterListening = new Promise<void>((resolve) => (listens = resolve));
/** Called by the container (./Toaster.tsx) once sonner listens: a toast sent before would be lost. */
export const toasterListens = (): void => listens();
let listened: SonnerToast | undefined;
let ready: Promise<SonnerToast> | undefined;

function whenListening(): Promise<SonnerToast> {
  requestToaster();
  return (ready ??= Promise.all([sonner.load(), toasterListening]).then(
    ([module]) => (listened = module.toast),
    (error: unknown) => {
      ready = undefined;
      throw error;
    },
  ));
}

function show(send: (toast: SonnerToast) => void): void {
  if (listened) send(listened);
  else whenListening().then(send, (error: unknown) => console.error('The toasts could not load', error));
}

let lastLoadingId = 0;

export const toast = Object.assign((message: Message, data?: ExternalToast) => show((sonner) => sonner(message, data)), {
  success: (message: Message, data?: ExternalToast) => show((sonner) => sonner.success(message, data)),
  error: (message: Message, data?: ExternalToast) => show((sonner) => sonner.error(message, data)),
  warning: (message: Message, data?: ExternalToast) => show((sonner) => sonner.warning(message, data)),
  /** A toast that later calls replace (`{ id }`): its id is known at once, before sonner has loaded. */
  loading: (message: Message, data: ExternalToast = {}): string | number => {
    const id = data.id ?? `loading-${++lastLoadingId}`;
    show((sonner) => sonner.loading(message, { ...data, id }));
    return id;
  },
});
