import { SEARCH_QUERY_MAX_LENGTH } from "@circleplan/shared/limits";
import { Search, X } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";
import { searchAddress } from "./search-address";

/**
 * The header's search (issue 21): a field beside the bell on a wide screen; on a phone (below
 * 640 px) an icon button that opens it in a row under the header. Submitting goes to
 * /search?q=…; there, the field shows what was searched.
 */
export function SearchField() {
  const [location, navigate] = useLocation();
  const asked = new URLSearchParams(useSearch()).get("q") ?? "";
  const shown = location === paths.search ? asked : "";
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const formId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get("q");
    navigate(searchAddress(typeof text === "string" ? text : ""));
    setOpen(false);
  };
  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

  return (
    <>
      <Button
        ref={opener}
        variant="ghost"
        size="icon"
        className="sm:hidden"
        aria-label="Search plans"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => {
          setOpen(true);
          // The field exists once the row shows; focus follows the press.
          requestAnimationFrame(() => input.current?.focus());
        }}
      >
        <Search aria-hidden="true" />
      </Button>
      <div
        id={formId}
        className={cn(
          open ? "flex" : "hidden",
          "absolute inset-x-0 top-full border-b bg-card p-2 sm:static sm:flex sm:border-0 sm:bg-transparent sm:p-0",
        )}
      >
        {/* biome-ignore lint/a11y/useSemanticElements: a form with role="search" is the landmark every browser and screen reader knows; the newer <search> element is still unknown to Testing Library's role queries */}
        <form
          role="search"
          aria-label="Plans"
          onSubmit={submit}
          onKeyDown={(event) => {
            if (event.key === "Escape" && open) close();
          }}
          className="relative flex w-full items-center gap-1 sm:w-56"
        >
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-2.5 size-4 text-muted-foreground"
          />
          <Input
            // A new search (or leaving the screen) shows what the address says.
            key={shown}
            ref={input}
            type="search"
            name="q"
            defaultValue={shown}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            aria-label="Search plans"
            placeholder="Search plans"
            autoComplete="off"
            enterKeyHint="search"
            className="h-9 pl-8"
          />
          {open ? (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label="Close search"
              onClick={close}
            >
              <X aria-hidden="true" />
            </Button>
          ) : null}
        </form>
      </div>
    </>
  );
}
