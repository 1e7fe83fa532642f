import { createContext, useContext, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { card, type CardVariantProps } from 'styled-system/recipes/card';

type CardClasses = ReturnType<typeof card>;
const CardContext = createContext<CardClasses>(card());

/**
 * Card: a surface for grouped content. `variant`: outline (default) | elevated | subtle;
 * `interactive` adds hover lift for clickable cards; `size`: sm | md (padding).
 * Parts: <CardHeader>, <CardTitle as>, <CardDescription>, <CardBody>, <CardFooter>.
 */
export interface CardProps extends HTMLAttributes<HTMLElement>, CardVariantProps {
  as?: 'div' | 'article' | 'section' | 'li';
}

export function Card({ variant, interactive, size, as: Tag = 'div', className, children, ...rest }: CardProps) {
  const classes = card({ variant, interactive, size });
  return (
    <CardContext.Provider value={classes}>
      <Tag className={cx(classes.root, className)} {...rest}>
        {children}
      </Tag>
    </CardContext.Provider>
  );
}

export function CardHeader({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(useContext(CardContext).header, className)} {...rest} />;
}
export function CardTitle({ as: Tag = 'h3', className, children }: { as?: 'h2' | 'h3' | 'h4' | 'p'; className?: string; children: ReactNode }) {
  return <Tag className={cx(useContext(CardContext).title, className)}>{children}</Tag>;
}
export function CardDescription({ className, ...rest }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cx(useContext(CardContext).description, className)} {...rest} />;
}
export function CardBody({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(useContext(CardContext).body, className)} {...rest} />;
}
export function CardFooter({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(useContext(CardContext).footer, className)} {...rest} />;
}
