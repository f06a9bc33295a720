// One number of the operators' dashboard and what it counts. With `to`, the whole card is a link to
// the list behind the number, filtered as the number says; without it (no list can show exactly
// those rows), a plain card.
import { Card, Col, Statistic } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";

export function DashboardNumber({
  to,
  testId,
  title,
  value,
}: {
  to: string | null;
  testId: string;
  title: string;
  value: ReactNode;
}) {
  const card = (hoverable: boolean, cardTestId?: string) => (
    <Card hoverable={hoverable} size="small" style={{ height: "100%" }} data-testid={cardTestId}>
      <Statistic title={title} value={value as string} />
    </Card>
  );
  return (
    <Col xs={24} sm={12} xl={6}>
      {to === null ? (
        card(false, testId)
      ) : (
        <Link to={to} data-testid={testId}>
          {card(true)}
        </Link>
      )}
    </Col>
  );
}
