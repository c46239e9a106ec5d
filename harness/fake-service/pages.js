'use strict';
/**
 * Error pages of the kind a CDN or load balancer in front of a service sends when it cannot reach
 * it: HTML, not the service's JSON, with styles, scripts, character references and the host's
 * name, much as Cloudflare's own pages are.
 */
const TITLES = {
	500: 'Internal server error',
	502: 'Bad gateway',
	503: 'Service unavailable',
	504: 'Gateway time-out',
	520: 'Web server is returning an unknown error',
	521: 'Web server is down',
	522: 'Connection timed out',
	523: 'Origin is unreachable',
	524: 'A timeout occurred',
};

function gatewayPage(status, host) {
	const title = TITLES[status] ?? 'Error';
	const ray = Math.random().toString(16).slice(2, 18);
	return `<!DOCTYPE html>
<!--[if lt IE 7]> <html class="no-js ie6 oldie" lang="en-US"> <![endif]-->
<html lang="en-US">
<head>
<title>${host} | ${status}: ${title}</title>
<meta charset="UTF-8" />
<meta name="robots" content="noindex, nofollow" />
<style>body{margin:0;padding:0;font-family:-apple-system,system-ui}.cf-error-details{color:#404040}h1{font-size:60px}</style>
<script>window._cf_translation = {}; (function(){ var a = document.getElementById('cf-footer-ip'); if (a) { a.addEventListener('click', function(){ a.classList.add('hidden'); }); } })();</script>
</head>
<body>
<div id="cf-wrapper">
  <div id="cf-error-details" class="cf-error-details-wrapper">
    <h1><span class="inline-block">${title}</span> <span class="code-label">Error code ${status}</span></h1>
    <div class="clearfix">Visit <a href="https://www.cloudflare.com/5xx-error-landing" target="_blank">cloudflare.com</a> for more information.</div>
    <div class="cf-section">
      <p>${new Date().toISOString().replace('T', ' ').slice(0, 19)} UTC</p>
      <p>You&nbsp;&rarr; Browser&nbsp;&#10003; Working &bull; Cloudflare&nbsp;&#x2713; Working &bull; ${host} Host &amp; Error</p>
    </div>
    <h2>What happened?</h2><p>The web server reported a ${title.toLowerCase()} error.</p>
    <h2>What can I do?</h2><p>Please try again in a few minutes.</p>
  </div>
  <div class="cf-error-footer">
    <p>Cloudflare Ray ID: <strong>${ray}</strong> &bull; Your IP: <span id="cf-footer-ip">203.0.113.7</span> &bull; Performance &amp; security by Cloudflare</p>
  </div>
</div>
<script>(function(){window.__CF$cv$params={r:'${ray}',t:'${Date.now()}'};var s=document.createElement('script');s.src='/cdn-cgi/challenge-platform/scripts/jsd/main.js';document.head.appendChild(s);})();</script>
</body>
</html>
`;
}

module.exports = { gatewayPage, GATEWAY_TITLES: TITLES };
