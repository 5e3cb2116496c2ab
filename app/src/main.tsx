import { render } from 'preact';
import { createClient } from './api/client.js';
import { App } from './app.js';
import './styles.css';

render(<App client={createClient()} />, document.getElementById('app')!);
