"""gunicorn settings of a club's instance: behind nginx on this machine (see README, "Pro klub").

gunicorn -c deploy/gunicorn.conf.py 'cards.web.app:create_app()'
"""

bind = "127.0.0.1:8000"  # loopback only: nginx is the one that faces the network
workers = 2  # processes answering requests; each has its own pool of build processes
worker_class = "gthread"  # threads: an idle or slow connection holds one thread, not a worker
threads = 8
keepalive = 5  # seconds an idle kept-alive connection is held
timeout = 660  # seconds of silence before a worker is killed: past the build time limit (600 s)
graceful_timeout = 15  # seconds a stopping worker gets; its build processes end with it
forwarded_allow_ips = "127.0.0.1"  # proxy headers are trusted from nginx on this machine only
accesslog = "-"
