// Draws the last 30 days of requests per day (the account's total) with Chart.js.
(function () {
  var data = JSON.parse(document.getElementById('usage-data').textContent);
  new Chart(document.getElementById('usage-chart'), {
    type: 'bar',
    data: {
      labels: data.days.map(function (d) { return d.date.slice(5); }),
      datasets: [{label: 'Requests', data: data.days.map(function (d) { return d.used; }), backgroundColor: '#2456e8', borderRadius: 3}]
    },
    options: {
      maintainAspectRatio: false,
      animation: false,
      plugins: {legend: {display: false}},
      scales: {y: {beginAtZero: true, ticks: {precision: 0}}, x: {grid: {display: false}}}
    }
  });
})();
