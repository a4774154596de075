/**
 * The app's toasts. Sonner (~10 kB gzipped) downloads with the first toast rather than with every
 * first screen: a toast only ever follows something a person did. Until it is there, a toast
 * waits with an id of its own, which `dismiss` and a later toast of the same id may use; sonner
 * shows toasts made before its toaster mounted (providers.tsx mounts it on the first toast).
 * Decision 005, "The first load on a phone".
 */
import { useSyncExternalStore } from "react";
import type { ExternalToast, toast as sonnerToast } from "sonner";

type Sonner = typeof sonnerToast;
type Kind = "success" | "error" | "info";
type Message = Parameters<Sonner[Kind]>[0];
type ToastId = string | number;

let sonner: Sonner | undefined;
let loading: Promise<Sonner> | undefined;
let earlyIds = 0;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!loading) {
    loading = import("sonner").then(
      (module) => {
        sonner = module.toast;
        return module.toast;
      },
      (error: unknown) => {
        // Forgotten, so the next toast tries the download again.
        loading = undefined;
        throw error;
      },
    );
    for (const listener of listeners) listener();
  }
  return loading;
}

function show(kind: Kind) {
  return (message: Message, options?: ExternalToast): ToastId => {
    if (sonner) return sonner[kind](message, options);
    const id = options?.id ?? `early-toast-${++earlyIds}`;
    loadSonner().then(
      (loaded) => loaded[kind](message, { ...options, id }),
      () => {}, // a toast whose library could not download is dropped; the next one retries
    );
    return id;
  };
}

export const toast = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  /** Dismisses one toast, or all of them without an id. */
  dismiss(id?: ToastId): void {
    if (sonner) sonner.dismiss(id);
    else if (loading) void loading.then((loaded) => loaded.dismiss(id));
  },
};

/** Whether a toast was asked for yet: the toaster mounts (and downloads) from then on. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading !== undefined,
  );
}
