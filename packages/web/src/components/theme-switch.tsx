import { THEMES, type Theme } from "@circleplan/shared/limits";
import { Monitor, Moon, Sun } from "lucide-react";
import { Tooltip } from "@/components/ui/tooltip";
import { setTheme, useTheme } from "@/lib/theme";
import { cn } from "@/lib/utils";

const themeOptions: Record<Theme, { label: string; Icon: typeof Sun }> = {
  light: { label: "Light theme", Icon: Sun },
  system: { label: "System theme", Icon: Monitor },
  dark: { label: "Dark theme", Icon: Moon },
};

export function ThemeSwitch({ className }: { className?: string }) {
  const { theme } = useTheme();
  return (
    <fieldset
      className={cn(
        "inline-flex items-center rounded-lg border bg-card p-0.5 shadow-xs",
        className,
      )}
    >
      <legend className="sr-only">Theme</legend>
      {THEMES.map((value) => {
        const { label, Icon } = themeOptions[value];
        const active = theme === value;
        return (
          <Tooltip key={value} content={label}>
            <button
              type="button"
              aria-label={label}
              aria-pressed={active}
              onClick={() => setTheme(value)}
              className={cn(
                "inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
                active && "bg-accent text-accent-foreground",
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
            </button>
          </Tooltip>
        );
      })}
    </fieldset>
  );
}
