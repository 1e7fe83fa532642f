import { createContext, useContext, type HTMLAttributes } from 'react';
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

export function CardBody({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(useContext(CardContext).body, className)} {...rest} />;
}
