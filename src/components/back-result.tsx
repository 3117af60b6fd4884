import { Button, Result, type ResultProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { canGoBack } from '../lib/navigation';

interface Props {
  status: ResultProps['status'];
  title: string;
  /** Where 返回 goes when the screen was opened directly, and what the button then says. */
  home: { to: string; label: string };
}

/** A 403 or 404 screen with a way back: the previous screen, or `home` when there is none. */
export function BackResult({ status, title, home }: Props) {
  const navigate = useNavigate();
  const back = canGoBack();
  return (
    <Result
      status={status}
      title={title}
      extra={
        <Button type="primary" onClick={() => (back ? navigate(-1) : navigate(home.to))}>
          {back ? '返回' : home.label}
        </Button>
      }
    />
  );
}
