import { App } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { setMessageApi } from '../lib/feedback';
import { urlParams } from '../lib/navigation';
import { applyUrlParams } from '../lib/settings';

/** Lets code outside React show messages through the themed App context. */
export function FeedbackBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    setMessageApi(message);
    return () => setMessageApi(undefined);
  }, [message]);
  return null;
}

/** Keeps link tokens, theme and mode from the query string of every visited route. */
export function UrlParamsWatcher() {
  const { search } = useLocation();
  useEffect(() => applyUrlParams(urlParams(search)), [search]);
  return null;
}
