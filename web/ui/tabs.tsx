import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import { createContext, useContext, type ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { tabs, type TabsVariantProps } from 'styled-system/recipes/tabs';

type TabsClasses = ReturnType<typeof tabs>;
const TabsClassesContext = createContext<TabsClasses | null>(null);
const useClasses = () => {
  const value = useContext(TabsClassesContext);
  if (!value) throw new Error('Tab parts must be inside <Tabs>');
  return value;
};

export interface TabsProps extends TabsVariantProps {
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
  className?: string;
  /** Mount panels only when first shown (default true): tabs that fetch stay lazy. */
  lazyMount?: boolean;
}

/**
 * Tabs on Ark Tabs (roving focus with arrow keys, aria-selected, panels labelled by triggers).
 * Variants `line` (underline indicator) and `enclosed` (segmented control); `fitted` stretches.
 *
 *   <Tabs value={tab} onValueChange={setTab}>
 *     <TabList aria-label="Learning performance">
 *       <TabTrigger value="done">Completed Courses</TabTrigger> ...
 *     </TabList>
 *     <TabContent value="done">...</TabContent>
 *   </Tabs>
 */
export function Tabs({ value, onValueChange, children, className, lazyMount = true, ...variants }: TabsProps) {
  const classes = tabs(variants);
  return (
    <TabsClassesContext.Provider value={classes}>
      <ArkTabs.Root
        value={value}
        onValueChange={(details) => onValueChange(details.value)}
        lazyMount={lazyMount}
        className={cx(classes.root, className)}
      >
        {children}
      </ArkTabs.Root>
    </TabsClassesContext.Provider>
  );
}

export function TabList({
  children,
  className,
  'aria-label': ariaLabel,
}: {
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
}) {
  const classes = useClasses();
  return (
    <ArkTabs.List className={cx(classes.list, className)} aria-label={ariaLabel}>
      {children}
      <ArkTabs.Indicator className={classes.indicator} />
    </ArkTabs.List>
  );
}

export function TabTrigger({
  value,
  children,
  disabled,
  className,
}: {
  value: string;
  children: ReactNode;
  disabled?: boolean;
  className?: string;
}) {
  const classes = useClasses();
  return (
    <ArkTabs.Trigger value={value} disabled={disabled} className={cx(classes.trigger, className)}>
      {children}
    </ArkTabs.Trigger>
  );
}

export function TabContent({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  const classes = useClasses();
  return (
    <ArkTabs.Content value={value} className={cx(classes.content, className)}>
      {children}
    </ArkTabs.Content>
  );
}
